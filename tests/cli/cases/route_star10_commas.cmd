route --net star:10 --from 10,9,8,7,6,5,4,3,2,1 --substar '*,*,*,*,*,*,*,1,2,3'
